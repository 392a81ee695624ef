function main (asm, 247 bytes)
    00000  jmp 0000000000000052h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: shr
    00013  sar rsi,1
; line 5: print
    00017  mov rax,rsi
    0001a  mov rsi,rax
    0001d  mov rcx,1
    00027  mov rdi,r12
    0002a  mov rax,ADDR
    00034  call rax  ; jit_print
    00036  test rdx,rdx
    00039  jne 000000000000004Ah
; line 6: ret
    0003f  mov eax,0
    00045  mov rsp,rbp
    00048  pop rbp
    00049  ret
; unwind to the entry from the interpreter
    0004a  mov rsp,[r15+28h]
    00051  ret
; external entry (from the interpreter)
    00052  push rbp
    00053  mov rbp,rsp
    00056  push rbx
    00057  push r12
    00059  push r13
    0005b  push r14
    0005d  push r15
    0005f  mov r12,rdi
    00062  mov r15,ADDR
    0006c  push qword ptr [r15+28h]
    00073  mov r14,8
    0007d  mov r13,[r15+10h]
    00084  sub r13,[r15]
    0008b  lea rax,[0D0h]
    00092  push rax
    00093  mov [r15+28h],rsp
    0009a  sub rsp,8
    0009e  mov rdx,rsi
    000a1  sub rsp,10h
    000a8  mov rsi,[rdx]
    000af  call 8
    000b4  xor edx,edx
    000b6  lea rsp,[rbp-30h]
    000bd  pop rcx
    000be  mov [r15+28h],rcx
    000c5  pop r15
    000c7  pop r14
    000c9  pop r13
    000cb  pop r12
    000cd  pop rbx
    000ce  pop rbp
    000cf  ret
    000d0  lea rbp,[rsp+30h]
    000d8  mov edx,1
    000dd  lea rsp,[rbp-30h]
    000e4  pop rcx
    000e5  mov [r15+28h],rcx
    000ec  pop r15
    000ee  pop r14
    000f0  pop r13
    000f2  pop r12
    000f4  pop rbx
    000f5  pop rbp
    000f6  ret

