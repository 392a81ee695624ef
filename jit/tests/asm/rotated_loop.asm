function main (asm, 254 bytes)
    00000  jmp 0000000000000059h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  mov rdi,rsi
    00016  mov esi,0
; line 8: jge
    0001c  cmp rsi,rdi
    0001f  jge 0000000000000049h
    00025  nop [rax+rax]
    0002e  nop [rax+rax]
    00037  nop [rax+rax]
; line 9: add
    00040  add rsi,1
; line 10: jmp
; line 8: jge
    00044  cmp rsi,rdi
    00047  jl 0000000000000040h
; line 12: ret
    00049  mov rax,rsi
    0004c  mov rsp,rbp
    0004f  pop rbp
    00050  ret
; unwind to the entry from the interpreter
    00051  mov rsp,[r15+28h]
    00058  ret
; external entry (from the interpreter)
    00059  push rbp
    0005a  mov rbp,rsp
    0005d  push rbx
    0005e  push r12
    00060  push r13
    00062  push r14
    00064  push r15
    00066  mov r12,rdi
    00069  mov r15,ADDR
    00073  push qword ptr [r15+28h]
    0007a  mov r14,8
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

