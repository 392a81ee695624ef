function main (asm, 380 bytes)
    00000  jmp 00000000000000D3h
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
    000af  mov edx,2
    000b4  mov rdi,[r15+30h]
    000b8  mov esi,1
    000bd  mov rax,ADDR
    000c7  call rax  ; jit_trap
    000c9  jmp 00000000000000CEh
; unwind to the entry from the interpreter
    000ce  mov rsp,[r15+28h]
    000d2  ret
; external entry (from the interpreter)
    000d3  push rbp
    000d4  mov rbp,rsp
    000d7  push rbx
    000d8  push r12
    000da  push r13
    000dc  push r14
    000de  push r15
    000e0  mov r15,ADDR
    000ea  mov [r15+30h],rdi
    000f1  push qword ptr [r15+28h]
    000f8  mov r14,ADDR
    00102  mov r13,[r15+10h]
    00109  sub r13,[r15]
    00110  lea rax,[155h]
    00117  push rax
    00118  mov [r15+28h],rsp
    0011f  sub rsp,8
    00123  mov rdx,rsi
    00126  sub rsp,10h
    0012d  mov rsi,[rdx]
    00134  call 8
    00139  xor edx,edx
    0013b  lea rsp,[rbp-30h]
    00142  pop rcx
    00143  mov [r15+28h],rcx
    0014a  pop r15
    0014c  pop r14
    0014e  pop r13
    00150  pop r12
    00152  pop rbx
    00153  pop rbp
    00154  ret
    00155  lea rbp,[rsp+30h]
    0015d  mov edx,1
    00162  lea rsp,[rbp-30h]
    00169  pop rcx
    0016a  mov [r15+28h],rcx
    00171  pop r15
    00173  pop r14
    00175  pop r13
    00177  pop r12
    00179  pop rbx
    0017a  pop rbp
    0017b  ret

