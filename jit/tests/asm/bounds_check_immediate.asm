function main (asm, 254 bytes)
    00000  jmp 0000000000000055h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 6: load
    00013  lea rax,[rsi+1]
    0001b  cmp rax,8
    00022  jae 0000000000000034h
    00028  mov rsi,[r14+rax*8]
; line 7: ret
    0002c  mov rax,rsi
    0002f  mov rsp,rbp
    00032  pop rbp
    00033  ret
; trap: memory access out of bounds at line 6
    00034  xor edx,edx
    00036  mov rdi,[r15+30h]
    0003a  mov esi,1
    0003f  mov rax,ADDR
    00049  call rax  ; jit_trap
    0004b  jmp 0000000000000050h
; unwind to the entry from the interpreter
    00050  mov rsp,[r15+28h]
    00054  ret
; external entry (from the interpreter)
    00055  push rbp
    00056  mov rbp,rsp
    00059  push rbx
    0005a  push r12
    0005c  push r13
    0005e  push r14
    00060  push r15
    00062  mov r15,ADDR
    0006c  mov [r15+30h],rdi
    00073  push qword ptr [r15+28h]
    0007a  mov r14,ADDR
    00084  mov r13,[r15+10h]
    0008b  sub r13,[r15]
    00092  lea rax,[0D7h]
    00099  push rax
    0009a  mov [r15+28h],rsp
    000a1  sub rsp,8
    000a5  mov rdx,rsi
    000a8  sub rsp,10h
    000af  mov rsi,[rdx]
    000b6  call 8
    000bb  xor edx,edx
    000bd  lea rsp,[rbp-30h]
    000c4  pop rcx
    000c5  mov [r15+28h],rcx
    000cc  pop r15
    000ce  pop r14
    000d0  pop r13
    000d2  pop r12
    000d4  pop rbx
    000d5  pop rbp
    000d6  ret
    000d7  lea rbp,[rsp+30h]
    000df  mov edx,1
    000e4  lea rsp,[rbp-30h]
    000eb  pop rcx
    000ec  mov [r15+28h],rcx
    000f3  pop r15
    000f5  pop r14
    000f7  pop r13
    000f9  pop r12
    000fb  pop rbx
    000fc  pop rbp
    000fd  ret

