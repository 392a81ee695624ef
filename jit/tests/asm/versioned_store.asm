function main (asm, 396 bytes)
    00000  jmp 00000000000000E3h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  mov eax,0
    0000e  cmp rax,rsi
    00011  jl 000000000000001Eh
; return before the frame
    00017  mov eax,0
    0001d  ret
; frame
    0001e  push rbp
    0001f  mov rbp,rsp
    00022  sub rsp,0
    00029  mov rdi,rsi
    0002c  mov esi,0
    00032  cmp rsi,rdi
    00035  jge 0000000000000057h
    0003b  test rsi,rsi
    0003e  js 0000000000000057h
    00044  mov eax,40h
    00049  cmp rdi,rax
    0004c  jg 0000000000000057h
    00052  jmp 0000000000000085h
; line 8: jge
    00057  cmp rsi,rdi
    0005a  jge 000000000000007Ah
; line 9: store
    00060  cmp rsi,40h
    00067  jae 00000000000000AFh
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
; trap: memory access out of bounds at line 9
    000af  mov rdi,[r15+30h]
    000b6  mov rsi,1
    000c0  mov rdx,2
    000ca  mov rax,ADDR
    000d4  call rax  ; jit_trap
    000d6  jmp 00000000000000DBh
; unwind to the entry from the interpreter
    000db  mov rsp,[r15+28h]
    000e2  ret
; external entry (from the interpreter)
    000e3  push rbp
    000e4  mov rbp,rsp
    000e7  push rbx
    000e8  push r12
    000ea  push r13
    000ec  push r14
    000ee  push r15
    000f0  mov r15,ADDR
    000fa  mov [r15+30h],rdi
    00101  push qword ptr [r15+28h]
    00108  mov r14,ADDR
    00112  mov r13,[r15+10h]
    00119  sub r13,[r15]
    00120  lea rax,[165h]
    00127  push rax
    00128  mov [r15+28h],rsp
    0012f  sub rsp,8
    00133  mov rdx,rsi
    00136  sub rsp,10h
    0013d  mov rsi,[rdx]
    00144  call 8
    00149  xor edx,edx
    0014b  lea rsp,[rbp-30h]
    00152  pop rcx
    00153  mov [r15+28h],rcx
    0015a  pop r15
    0015c  pop r14
    0015e  pop r13
    00160  pop r12
    00162  pop rbx
    00163  pop rbp
    00164  ret
    00165  lea rbp,[rsp+30h]
    0016d  mov edx,1
    00172  lea rsp,[rbp-30h]
    00179  pop rcx
    0017a  mov [r15+28h],rcx
    00181  pop r15
    00183  pop r14
    00185  pop r13
    00187  pop r12
    00189  pop rbx
    0018a  pop rbp
    0018b  ret

