function main (asm, 399 bytes)
    00000  jmp 00000000000000EAh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  mov rax,0
    00012  cmp rax,rsi
    00015  jge 00000000000000AFh
    0001b  push rbp
    0001c  mov rbp,rsp
    0001f  sub rsp,0
    00026  mov rdi,rsi
    00029  mov esi,0
    0002f  cmp rsi,rdi
    00032  jge 0000000000000054h
    00038  test rsi,rsi
    0003b  js 0000000000000054h
    00041  mov eax,40h
    00046  cmp rdi,rax
    00049  jg 0000000000000054h
    0004f  jmp 0000000000000085h
; line 8: jge
    00054  cmp rsi,rdi
    00057  jge 000000000000007Ah
    0005d  nop [rax]
; line 9: store
    00060  cmp rsi,40h
    00067  jae 00000000000000BAh
    0006d  mov [r14+rsi*8],rsi
; line 10: add
    00071  add rsi,1
; line 11: jmp
; line 8: jge
    00075  cmp rsi,rdi
    00078  jl 0000000000000060h
; line 13: ret
    0007a  mov eax,0
    00080  mov rsp,rbp
    00083  pop rbp
    00084  ret
; line 8: jge
; unchecked copy of the loop at line 8
    00085  cmp rsi,rdi
    00088  jge 000000000000007Ah
    0008a  nop [rax+rax]
    00093  nop [rax+rax]
    0009c  nop [rax]
; line 9: store
    000a0  mov [r14+rsi*8],rsi
; line 10: add
    000a4  add rsi,1
; line 11: jmp
; line 8: jge
    000a8  cmp rsi,rdi
    000ab  jl 00000000000000A0h
    000ad  jmp 000000000000007Ah
; return before the frame
    000af  mov rax,0
    000b9  ret
; trap: memory access out of bounds at line 9
    000ba  mov rdi,r12
    000bd  mov rsi,1
    000c7  mov rdx,2
    000d1  mov rax,ADDR
    000db  call rax  ; jit_trap
    000dd  jmp 00000000000000E2h
; unwind to the entry from the interpreter
    000e2  mov rsp,[r15+28h]
    000e9  ret
; external entry (from the interpreter)
    000ea  push rbp
    000eb  mov rbp,rsp
    000ee  push rbx
    000ef  push r12
    000f1  push r13
    000f3  push r14
    000f5  push r15
    000f7  mov r12,rdi
    000fa  mov r15,ADDR
    00104  push qword ptr [r15+28h]
    0010b  mov r14,ADDR
    00115  mov r13,[r15+10h]
    0011c  sub r13,[r15]
    00123  lea rax,[168h]
    0012a  push rax
    0012b  mov [r15+28h],rsp
    00132  sub rsp,8
    00136  mov rdx,rsi
    00139  sub rsp,10h
    00140  mov rsi,[rdx]
    00147  call 8
    0014c  xor edx,edx
    0014e  lea rsp,[rbp-30h]
    00155  pop rcx
    00156  mov [r15+28h],rcx
    0015d  pop r15
    0015f  pop r14
    00161  pop r13
    00163  pop r12
    00165  pop rbx
    00166  pop rbp
    00167  ret
    00168  lea rbp,[rsp+30h]
    00170  mov edx,1
    00175  lea rsp,[rbp-30h]
    0017c  pop rcx
    0017d  mov [r15+28h],rcx
    00184  pop r15
    00186  pop r14
    00188  pop r13
    0018a  pop r12
    0018c  pop rbx
    0018d  pop rbp
    0018e  ret

